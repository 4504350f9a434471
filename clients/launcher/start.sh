#!/bin/sh
# Avalive live-stream client: starts it and opens its page in your browser. See README.txt.
cd "$(dirname "$0")" || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js 20 or newer is needed: install it from https://nodejs.org (or your package manager), then run this again."
  exit 1
fi
exec node server.mjs --open "$@"
