// The Hono environment shared by the app's modules.
import type { HttpBindings } from '@hono/node-server';
import type { Input } from './http';

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    /** The request body after Laravel-like normalization ({} when there is none). */
    input: Input;
  };
}
