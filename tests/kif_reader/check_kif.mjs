// Reads KIF files with tsshogi, an outside KIF reader (npm), and checks that the moves it finds
// are the moves of the matching seireigi game record (USI, one "move" line each).
// Usage: node check_kif.mjs GAME.kif GAME.game [...]
import fs from "node:fs";
import { importKIF } from "tsshogi";

let failures = 0;
const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const [kifFile, gameFile] = [args[i], args[i + 1]];
  const expected = fs
    .readFileSync(gameFile, "utf-8")
    .split("\n")
    .filter((line) => line.startsWith("move "))
    .map((line) => line.slice(5).trim());
  const record = importKIF(fs.readFileSync(kifFile, "utf-8"));
  if (record instanceof Error) {
    console.log(`${kifFile}: tsshogi cannot read it: ${record.message}`);
    failures++;
    continue;
  }
  const found = [];
  while (record.goForward()) {
    const move = record.current.move;
    if (move && typeof move.usi === "string") found.push(move.usi);
  }
  const same =
    found.length === expected.length && found.every((usi, k) => usi === expected[k]);
  if (!same) {
    let k = 0;
    while (k < found.length && found[k] === expected[k]) k++;
    console.log(
      `${kifFile}: tsshogi reads ${found.length} moves, the record has ${expected.length}; ` +
        `first difference at move ${k + 1}: ${found[k]} vs ${expected[k]}`
    );
    failures++;
  } else {
    console.log(`${kifFile}: ${found.length} moves, the same as the record`);
  }
}
process.exit(failures === 0 ? 0 : 1);
