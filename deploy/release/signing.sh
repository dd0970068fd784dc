# shellcheck shell=bash
# The release's OpenPGP signing, for deploy/release/build and deploy/release/apt-repository (sourced).
# Every command works in a keyring of its own (a temporary GNUPGHOME, removed with release_key_close),
# never in the user's. Debian 13's apt verifies with Sequoia (sqv), which refuses DSA keys, RSA keys
# under 2048 bits and SHA-1: keys are checked when loaded, and every signature is SHA-512.

# release_key_throwaway FILE: a new Ed25519 signing key, valid a year, written (secret) to FILE.
release_key_throwaway() {
  local home
  home=$(mktemp -d)
  GNUPGHOME=$home gpg --batch --quiet --passphrase '' --quick-gen-key \
    "weather2mqtt release (throwaway, made by deploy/release/build) <weather2mqtt@example.com>" ed25519 sign 1y 2>/dev/null
  GNUPGHOME=$home gpg --batch --quiet --export-secret-keys >"$1"
  GNUPGHOME=$home gpgconf --kill all >/dev/null 2>&1 || true
  rm -rf "$home"
}

# release_key_load FILE: imports the secret key in FILE into a new keyring; sets GNUPGHOME and
# release_signer (its fingerprint). A passphrase, if the key has one, in $RELEASE_KEY_PASSPHRASE.
release_key_load() {
  local file=$1 algo bits
  export GNUPGHOME
  GNUPGHOME=$(mktemp -d)
  gpg --batch --quiet --import "$file" 2>/dev/null || { echo "release: $file: gpg cannot import it as an OpenPGP key" >&2; return 1; }
  release_signer=$(gpg --batch --with-colons --list-secret-keys | awk -F: '$1 == "fpr" { print $10; exit }')
  [ -n "$release_signer" ] || { echo "release: $file holds no secret key" >&2; return 1; }
  read -r algo bits < <(gpg --batch --with-colons --list-secret-keys "$release_signer" | awk -F: '$1 == "sec" { print $4, $3; exit }')
  case "$algo" in
    1 | 2 | 3) [ "$bits" -ge 2048 ] || { echo "release: $file is RSA $bits: Debian 13's apt refuses RSA under 2048 bits" >&2; return 1; } ;;
    17) echo "release: $file is a DSA key: Debian 13's apt refuses it (use Ed25519 or RSA >= 3072)" >&2; return 1 ;;
  esac
}

# release_sign GPG-ARGS...: gpg --batch with the loaded key and SHA-512, e.g. --clearsign --output F IN.
release_sign() {
  local passphrase=()
  [ -z "${RELEASE_KEY_PASSPHRASE:-}" ] || passphrase=(--pinentry-mode loopback --passphrase-fd 3)
  gpg --batch --yes --digest-algo SHA512 --local-user "$release_signer" "${passphrase[@]}" "$@" 3<<<"${RELEASE_KEY_PASSPHRASE:-}"
}

# release_export_key DIR: the public key as DIR/weather2mqtt-archive-keyring.gpg (binary, what apt's
# Signed-By reads) and DIR/weather2mqtt-archive-keyring.asc (the same, ASCII-armoured).
release_export_key() {
  gpg --batch --export "$release_signer" >"$1/weather2mqtt-archive-keyring.gpg"
  gpg --batch --armor --export "$release_signer" >"$1/weather2mqtt-archive-keyring.asc"
}

release_key_close() {
  gpgconf --kill all >/dev/null 2>&1 || true
  rm -rf "$GNUPGHOME"
}
