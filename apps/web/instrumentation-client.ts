// Runs in the browser before any of the app's own code (Next's client instrumentation hook): global settings
// that every later module relies on belong here, ahead of the first chunk that might use them.
import '@/lib/zod-browser';
