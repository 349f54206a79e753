// Wiring only: the edge runtime (hosted, and the local stand-in's Deno) serves the handler Deno.serve is given; the
// handler is web-standard, so the unit tests import it under Node.
import handler from './handler.ts';

Deno.serve(handler);
