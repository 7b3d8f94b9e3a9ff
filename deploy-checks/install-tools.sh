#!/usr/bin/env bash
# Installs the Debian packages deploy-checks/validate-deploy.mjs uses. Idempotent: does
# nothing when they are present; safe as root without a TTY (CI, test bootstrap).
#
# - docker-compose (Debian 1.29): `docker-compose config -q` validates docker-compose.yml.
# - kubectl is NOT installed from Debian: bookworm's kubernetes-client is 1.20 with
#   kustomize v2, which cannot render these overlays. A kubectl with kustomize >= v4 is
#   used when the machine has one; otherwise the validator's built-in renderer runs.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
missing=()
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-tools: all present (docker-compose $(docker-compose version --short 2>/dev/null || echo '?'))"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  # The validator still runs its schema checks without the binary; say so, don't fail.
  echo "install-tools: need root to install ${missing[*]}; skipping" >&2
  exit 0
fi

echo "install-tools: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -q >/dev/null
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
echo "install-tools: docker-compose $(docker-compose version --short)"
