// Wiring only: the handler is web-standard and runs the same under Node (the local stand-in, tests).
import handler from './handler.ts';

Deno.serve(handler);
