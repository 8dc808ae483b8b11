// hookpool's own processes parse each schema once or a few times, and zod's JIT (a parser
// compiled with new Function for each object schema) costs them more than it saves: ~14 ms of a
// `hookpool run` that loads the configuration. zod reads the switch when it builds a schema, so
// the CLI's configuration loader imports this module before any other. Not done by the library:
// the switch is global to zod, and an agent's own schemas are not hookpool's to slow down.
import { z } from 'zod';

z.config({ jitless: true });
