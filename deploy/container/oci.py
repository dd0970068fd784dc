#!/usr/bin/env python3
"""Writes weather2mqtt's image archives from a root folder's tar, without a daemon or a registry.

  oci.py image --layer ROOT.tar --config CONFIG.json --arch ARCH --name NAME:TAG --out DIR
      DIR/<base>.oci.tar      an OCI image layout in a tar (podman load, docker load >= 25,
                              skopeo copy oci-archive:); one gzip layer
      DIR/<base>.docker.tar   the same image as `docker save` writes it (docker load, podman load)
  oci.py index --name NAME:TAG --out FILE.oci.tar ARCHIVE.oci.tar...
      one OCI layout holding every architecture's image under one image index (what
      `skopeo copy --all oci-archive:FILE docker://REGISTRY/NAME:TAG` publishes)

CONFIG.json is the image's `config` object (User, Env, Entrypoint, Cmd, Healthcheck, Labels, ...).
The image configuration is the same bytes in both archives, Healthcheck included: Docker and the
Home Assistant Supervisor read `config.Healthcheck` from it whichever archive they load; Debian
12's podman 4.3 honours it only from the docker archive (it ignores it in an OCI image).
Every timestamp is SOURCE_DATE_EPOCH (or 0), so the same root gives the same digests.
"""

import argparse
import gzip
import hashlib
import io
import json
import os
import shutil
import sys
import tarfile
import tempfile
import time

MEDIA_MANIFEST = "application/vnd.oci.image.manifest.v1+json"
MEDIA_INDEX = "application/vnd.oci.image.index.v1+json"
MEDIA_CONFIG = "application/vnd.oci.image.config.v1+json"
MEDIA_LAYER = "application/vnd.oci.image.layer.v1.tar+gzip"
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def add_bytes(archive, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = EPOCH
    info.mode = 0o644
    archive.addfile(info, io.BytesIO(data))


def add_file(archive, name, path):
    info = tarfile.TarInfo(name)
    info.size = os.path.getsize(path)
    info.mtime = EPOCH
    info.mode = 0o644
    with open(path, "rb") as handle:
        archive.addfile(info, handle)


def add_dir(archive, name):
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE
    info.mtime = EPOCH
    info.mode = 0o755
    archive.addfile(info)


def split_name(name):
    repository, _, tag = name.rpartition(":")
    if not repository or "/" in tag:
        sys.exit(f"oci.py: --name {name} is not REPOSITORY:TAG")
    return repository, tag


def image(args):
    repository, tag = split_name(args.name)
    with open(args.config, encoding="utf-8") as handle:
        container_config = json.load(handle)
    os.makedirs(args.out, exist_ok=True)
    base = os.path.join(args.out, args.base)
    with tempfile.TemporaryDirectory(dir=args.out) as work:
        layer_gz = os.path.join(work, "layer.tar.gz")
        # gzip with no name and a fixed time: the compressed digest follows from the tar alone.
        with open(args.layer, "rb") as source, open(layer_gz, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) as packed:
                shutil.copyfileobj(source, packed, 1 << 20)
        diff_id = sha256_file(args.layer)
        layer_digest = sha256_file(layer_gz)
        created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(EPOCH))
        config = {
            "architecture": args.arch,
            "os": "linux",
            "created": created,
            "config": container_config,
            "rootfs": {"type": "layers", "diff_ids": [f"sha256:{diff_id}"]},
            "history": [{"created": created, "created_by": args.history}],
        }
        if args.variant:
            config["variant"] = args.variant
        config_bytes = canonical(config)
        config_digest = hashlib.sha256(config_bytes).hexdigest()
        manifest = {
            "schemaVersion": 2,
            "mediaType": MEDIA_MANIFEST,
            "config": {"mediaType": MEDIA_CONFIG, "digest": f"sha256:{config_digest}", "size": len(config_bytes)},
            "layers": [{"mediaType": MEDIA_LAYER, "digest": f"sha256:{layer_digest}",
                        "size": os.path.getsize(layer_gz)}],
        }
        manifest_bytes = canonical(manifest)
        manifest_digest = hashlib.sha256(manifest_bytes).hexdigest()
        platform = {"architecture": args.arch, "os": "linux"}
        if args.variant:
            platform["variant"] = args.variant
        index = {
            "schemaVersion": 2,
            "mediaType": MEDIA_INDEX,
            "manifests": [{
                "mediaType": MEDIA_MANIFEST, "digest": f"sha256:{manifest_digest}", "size": len(manifest_bytes),
                "platform": platform,
                # podman and skopeo name the image from ref.name, Docker >= 25 from containerd's key.
                "annotations": {"org.opencontainers.image.ref.name": f"{repository}:{tag}",
                                "io.containerd.image.name": f"{repository}:{tag}"},
            }],
        }
        with tarfile.open(base + ".oci.tar.part", "w", format=tarfile.PAX_FORMAT) as archive:
            add_bytes(archive, "oci-layout", canonical({"imageLayoutVersion": "1.0.0"}))
            add_bytes(archive, "index.json", canonical(index))
            add_dir(archive, "blobs")
            add_dir(archive, "blobs/sha256")
            add_bytes(archive, f"blobs/sha256/{config_digest}", config_bytes)
            add_bytes(archive, f"blobs/sha256/{manifest_digest}", manifest_bytes)
            add_file(archive, f"blobs/sha256/{layer_digest}", layer_gz)
        os.replace(base + ".oci.tar.part", base + ".oci.tar")
        if args.docker:
            # docker save's layout: manifest.json, the config by its digest, the layer uncompressed
            # (its digest is the diff_id).
            docker_manifest = [{"Config": f"{config_digest}.json", "RepoTags": [f"{repository}:{tag}"],
                                "Layers": [f"{diff_id}/layer.tar"]}]
            with tarfile.open(base + ".docker.tar.part", "w", format=tarfile.PAX_FORMAT) as archive:
                add_bytes(archive, f"{config_digest}.json", config_bytes)
                add_dir(archive, diff_id)
                add_file(archive, f"{diff_id}/layer.tar", args.layer)
                add_bytes(archive, "manifest.json", canonical(docker_manifest))
                add_bytes(archive, "repositories", canonical({repository: {tag: diff_id}}))
            os.replace(base + ".docker.tar.part", base + ".docker.tar")
    print(f"sha256:{manifest_digest}")


def index(args):
    repository, tag = split_name(args.name)
    entries = []
    blobs = {}
    for path in args.archives:
        with tarfile.open(path) as archive:
            inner = json.load(archive.extractfile("index.json"))
            for member in archive.getmembers():
                if member.isfile() and member.name.startswith("blobs/sha256/"):
                    blobs.setdefault(member.name, (path, member.name))
        for entry in inner["manifests"]:
            entries.append({key: entry[key] for key in ("mediaType", "digest", "size", "platform")})
    image_index = {"schemaVersion": 2, "mediaType": MEDIA_INDEX, "manifests": entries}
    index_bytes = canonical(image_index)
    index_digest = hashlib.sha256(index_bytes).hexdigest()
    top = {"schemaVersion": 2, "mediaType": MEDIA_INDEX, "manifests": [{
        "mediaType": MEDIA_INDEX, "digest": f"sha256:{index_digest}", "size": len(index_bytes),
        "annotations": {"org.opencontainers.image.ref.name": f"{repository}:{tag}",
                        "io.containerd.image.name": f"{repository}:{tag}"}}]}
    with tarfile.open(args.out + ".part", "w", format=tarfile.PAX_FORMAT) as out:
        add_bytes(out, "oci-layout", canonical({"imageLayoutVersion": "1.0.0"}))
        add_bytes(out, "index.json", canonical(top))
        add_dir(out, "blobs")
        add_dir(out, "blobs/sha256")
        add_bytes(out, f"blobs/sha256/{index_digest}", index_bytes)
        for name in sorted(blobs):
            path, member = blobs[name]
            with tarfile.open(path) as archive:
                info = archive.getmember(member)
                out.addfile(info, archive.extractfile(info))
    os.replace(args.out + ".part", args.out)
    print(f"sha256:{index_digest}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("image")
    one.add_argument("--layer", required=True)
    one.add_argument("--config", required=True)
    one.add_argument("--arch", required=True)
    one.add_argument("--variant")
    one.add_argument("--name", required=True)
    one.add_argument("--base", required=True, help="the archives' file name without .oci.tar")
    one.add_argument("--history", default="deploy/container/build-image")
    one.add_argument("--docker", action="store_true", help="also write BASE.docker.tar")
    one.add_argument("--out", required=True)
    one.set_defaults(run=image)
    many = commands.add_parser("index")
    many.add_argument("--name", required=True)
    many.add_argument("--out", required=True)
    many.add_argument("archives", nargs="+")
    many.set_defaults(run=index)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
