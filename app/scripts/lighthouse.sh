#!/bin/sh
# Lighthouse (npm lighthouse@12, system Chromium) on the home and one product page, mobile and desktop.
# Usage: scripts/lighthouse.sh http://127.0.0.1:8090   (the server must be running; results in .lighthouse/)
set -eu
BASE="${1:-http://127.0.0.1:8090}"
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
export CHROME_PATH
mkdir -p .lighthouse
PRODUCT=$(curl -fsS "$BASE/api/products?pageSize=1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).products[0].id))')
for page in home product; do
  url="$BASE/"; [ "$page" = product ] && url="$BASE/products/$PRODUCT"
  for ff in mobile desktop; do
    preset=""; [ "$ff" = desktop ] && preset="--preset=desktop"
    npx lighthouse "$url" $preset --quiet --chrome-flags="--headless=new --no-sandbox" \
      --output=json --output-path=".lighthouse/$page-$ff.json" || true
    node -e '
      const r = require(process.argv[1]);
      const s = Object.fromEntries(Object.entries(r.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
      const a = r.audits;
      console.log(process.argv[2], JSON.stringify(s), "FCP", a["first-contentful-paint"].displayValue, "LCP", a["largest-contentful-paint"].displayValue, "TBT", a["total-blocking-time"].displayValue, "CLS", a["cumulative-layout-shift"].displayValue);
    ' "$PWD/.lighthouse/$page-$ff.json" "$page/$ff"
  done
done
