// `npm run evidence:verify`: whether the evidence of the server's database is intact, checked against the
// heads anchored in DATA_DIR when there are some (under the server's keys). Prints the JSON report; exit
// code 0 intact, 1 broken, 2 not run.
import fs from 'node:fs';
import path from 'node:path';
import { runDatabaseCheck } from '../ops/database-cli';
import { loadServerKeys } from '../security/server-keys';
import { ANCHORS_FILE, anchorKey } from './anchors';
import { verifyEvidence } from './verify';

await runDatabaseCheck(
  async (db, config) => {
    const file = path.join(config.dataDir, ANCHORS_FILE);
    if (!fs.existsSync(file)) return verifyEvidence(db);
    const { keys } = await loadServerKeys(config, db);
    return verifyEvidence(db, { file, key: anchorKey(keys.jwtSecret) });
  },
  (report) => console.log(JSON.stringify(report, null, 2)),
  (report) => report.intact,
);
