// comlink ships types for its Node adapter as `node-adapter.d.ts`, which
// TypeScript does not pair with the `.mjs` file Node must import.
declare module "comlink/dist/esm/node-adapter.mjs" {
  export { default } from "comlink/dist/esm/node-adapter";
}
