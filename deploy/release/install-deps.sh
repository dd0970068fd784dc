#!/usr/bin/env bash
# Installs what deploy/release/build needs on an x86_64 Debian machine, as root: what the build
# needs (deploy/dev/install-deps.sh), the package tools, the arm64 cross build's (debootstrap,
# qemu-user-static) and the repository's (apt-ftparchive, gpg). The release workflow runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/dev/install-deps.sh
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dpkg-dev binutils debootstrap \
  qemu-user-static apt-utils gnupg gpgv xz-utils git ca-certificates python3 >/dev/null
