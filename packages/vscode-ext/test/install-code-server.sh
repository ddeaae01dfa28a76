#!/usr/bin/env sh
# Installs code-server 4.100.3 (VS Code 1.100.3's web build; 4.139+ needs Node 24) into
# $SVC_CODE_SERVER_DIR (default ~/.cache/svc-code-server) for `npm run test:vscode`. It needs Debian's
# ripgrep, Chromium and the headers of its native modules; it takes a few minutes, once.
set -eu
DIR="${SVC_CODE_SERVER_DIR:-$HOME/.cache/svc-code-server}"
if [ "$(id -u)" = 0 ] && ! { command -v rg && command -v chromium && [ -e /usr/include/krb5.h ]; } > /dev/null; then
  apt-get update -q && apt-get install -y -q libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium fonts-dejavu-core
fi
mkdir -p "$DIR" && cd "$DIR"
export npm_config_yes=true npm_config_unsafe_perm=true
# Its postinstall downloads ripgrep from outside the registry: install without scripts and do its
# steps here, with Debian's rg.
# CODE_SERVER_VERSION=4.90.3 gives VS Code 1.90.2, the extension's minimum engine.
V="${CODE_SERVER_VERSION:-4.100.3}"
[ "$V" = 4.100.3 ] || export npm_config_legacy_peer_deps=true CXXFLAGS=-fpermissive
npm install --ignore-scripts --no-audit --no-fund "code-server@$V"
cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts --no-audit --no-fund
mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev --no-audit --no-fund)
# argon2 is built from source (its prebuilt binary is downloaded from outside the registry).
cd "$DIR" && npm rebuild argon2
echo "code-server installed in $DIR"
