// `node --import ./backend/bench/ts-register.mjs <bench>` on a Node that cannot strip types (see ts-hooks.mjs).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
