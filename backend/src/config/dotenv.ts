import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `.env` in the folder the server starts from (the checkout's root for `npm start`), read with Node's own parser
 * before anything reads the environment. A variable already set in the environment wins over the file.
 */
export const DOTENV_FILE = resolve('.env');
export const dotenvLoaded = existsSync(DOTENV_FILE);
if (dotenvLoaded) process.loadEnvFile(DOTENV_FILE);
