import { config } from 'zod';

// Zod probes `new Function('')` to decide whether to compile its object parsers; under the site's CSP (no
// 'unsafe-eval') that probe is refused and reported as a securitypolicyviolation on every page. Jitless parsing never
// probes. Imported first by main.tsx: the choice is read when a schema is created.
config({ jitless: true });
