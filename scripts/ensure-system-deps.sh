#!/usr/bin/env bash
# Installs the Debian packages the test suite and the bench need, when missing:
# Chromium (browser tests and bench), PostgreSQL (the server suite's second
# database), ffmpeg, heif-enc and exiftool (test media). Idempotent and quiet
# when everything is already there.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v heif-enc >/dev/null 2>&1 || missing+=(libheif-examples)
command -v exiftool >/dev/null 2>&1 || missing+=(libimage-exiftool-perl)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=()
elif command -v sudo >/dev/null 2>&1; then
  sudo_cmd=(sudo)
else
  echo "error: missing ${missing[*]} and not root (no sudo). Install them with apt-get as root." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts a PostgreSQL cluster on install; the tests run their own
# throwaway cluster, so the packaged service is not needed.
if [[ " ${missing[*]} " == *" postgresql "* ]] && command -v pg_lsclusters >/dev/null 2>&1; then
  "${sudo_cmd[@]}" pg_ctlcluster --force "$(pg_lsclusters -h | awk 'NR==1{print $1}')" main stop 2>/dev/null || true
fi
echo "Debian packages ready."
