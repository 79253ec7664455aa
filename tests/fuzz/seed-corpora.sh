#!/usr/bin/env bash
# Seed corpora for the fuzz targets, from the repository's own data and documentation:
#   tests/fuzz/seed-corpora.sh OUT_DIR   -> OUT_DIR/{betza,variant,position,move,record,web}/
# The first byte of a position or move input chooses the variant (tests/fuzz/fuzz_support.h):
# 0 seireigi, 1 shogi, 2 minishogi, 3 dai-seireigi, 4 yonin-seireigi-compact, 5 ...-complete.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$1"
mkdir -p "$out"/{betza,variant,position,move,record,web}
seed() {  # seed TARGET: stdin becomes one corpus file, named by its content
  local tmp
  tmp=$(mktemp "$out/$1/.seed.XXXXXX")
  cat > "$tmp"
  mv "$tmp" "$out/$1/seed-$(sha1sum < "$tmp" | cut -c1-16)"
}
variant_byte() {
  case "$1" in
    seireigi) printf '\x00' ;; shogi) printf '\x01' ;; minishogi) printf '\x02' ;;
    dai-seireigi*) printf '\x03' ;; yonin-seireigi-compact) printf '\x04' ;;
    yonin-seireigi-complete) printf '\x05' ;; *) return 1 ;;
  esac
}

# XBetza: every betza string of the piece catalogues and of the docs' examples.
{
  grep -rhoE 'betza: *"?[^" #,}]+' "$root/pieces" "$root/tests/data" "$root/docs" || true
  grep -hoE '`[A-Za-z0-9{}~]+`' "$root/docs/xbetza.md" | tr -d '`' || true
} | sed -E 's/^betza: *"?//' | sort -u | while IFS= read -r s; do printf '%s' "$s" | seed betza; done

# Variant files: the built-in ones, the test variants and the files with errors.
for f in "$root"/variants/*.yaml "$root"/tests/data/variants/*.yaml "$root"/tests/data/bad-yaml/*.yaml; do
  seed variant < "$f"
done

# Positions: the perft reference positions, with their variant's byte.
grep -v '^#' "$root/tests/data/perft.txt" | while IFS='|' read -r variant position _; do
  variant=$(echo "$variant" | xargs); position=$(echo "$position" | xargs)
  [ "$position" = start ] && continue
  { variant_byte "$variant" && printf '%s' "$position"; } | seed position || true
done
{ printf '\x00'; printf '4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1'; } | seed position
{ printf '\x04'; printf '4,3K,4/9/9/9/9/9/9/9/4,1K,4 1 2x1P,1G 1234 1'; } | seed position

# Moves and records: the example games.
for f in "$root"/tests/data/kif/*.game; do
  seed record < "$f"
  variant=$(awk '$1 == "variant" {print $2}' "$f")
  { variant_byte "$variant" && awk '$1 == "move" {print $NF}' "$f"; } | seed move || true
done
{ printf '\x00'; printf '7g7f\n3c3d\n8h2b+\nundo\n8h2b\n3a2b\n'; } | seed move
{ printf '\x04'; printf '3f4e\nundo\n3f4e\n'; } | seed move
# Web requests: what the page sends, with the Host header the board answers and {TOKEN} for the
# page's token (tests/fuzz/fuzz_web.cpp).
web_request() {  # web_request METHOD TARGET [FORM]  (DEVICE=SECRET adds the device header)
  local head="$1 $2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Seireigi-Token: {TOKEN}\r\n"
  [ -n "${DEVICE:-}" ] && head="${head}X-Seireigi-Device: ${DEVICE}\r\n"
  if [ $# -ge 3 ]; then
    printf "${head}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s" \
      "${#3}" "$3"
  else
    printf "${head}\r\n"
  fi
}
for target in / /index.html /api/state /api/state?after=0 /api/variants /api/records /api/record \
              /api/kif /api/review?ply=1 '/api/piece?square=40' '/api/piece?player=0&type=1' \
              '/api/analyse?ms=10' '/api/mate?ms=10'; do
  web_request GET "$target" | seed web
done
web_request POST /api/move 'move=7g7f' | seed web
{ web_request POST /api/new 'variant=seireigi&seats=human,random:3'
  web_request POST /api/move 'move=7g7f'; web_request POST /api/undo; } | seed web
web_request POST /api/new 'variant=yonin-seireigi-compact&seats=human,random:1,random:2,random:3' | seed web
web_request POST /api/new 'variant=minishogi&seats=human,human&time_ms=60000&byoyomi_ms=1000' | seed web
web_request POST /api/new 'variant=seireigi&seats=human,human&position=startpos+moves+7g7f+3c3d' | seed web
web_request POST /api/resign | seed web
web_request POST /api/impasse | seed web
web_request POST /api/save 'name=fuzz' | seed web
web_request POST /api/load 'name=fuzz' | seed web
# Seats per device: two devices take seats, one asks a take-back, the other answers.
a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; b=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
{ DEVICE=$a web_request POST /api/new 'variant=seireigi&seats=human,human'
  DEVICE=$a web_request POST /api/sit 'player=0'; DEVICE=$b web_request POST /api/sit 'player=1'
  DEVICE=$a web_request POST /api/move 'move=7g7f'; DEVICE=$a web_request POST /api/undo
  DEVICE=$b web_request POST /api/undo-answer 'allow=no'; DEVICE=$b web_request POST /api/leave 'player=1'
  DEVICE=$b web_request GET /api/state; } | seed web
web_request GET /api/join | seed web
# Tables: a game at a second table, played and listed there.
{ web_request POST /api/new 'table=t1&variant=minishogi&seats=human,random:2'
  web_request POST /api/move 'table=t1&move=5d5c'; web_request GET '/api/state?table=t1'
  web_request GET /api/tables; web_request GET '/api/join?table=t1'; } | seed web
printf 'POST /api/move HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Seireigi-Token: {TOKEN}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n4\r\nmove\r\n5\r\n=2g2f\r\n0\r\n\r\n' | seed web
echo "seed corpora in $out: $(find "$out" -type f | wc -l) files"
