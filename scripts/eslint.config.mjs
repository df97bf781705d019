// @ts-check
// scripts/ is not a workspace, so `npm run lint` runs this config for it explicitly (test.mjs). Undefined names and
// wrong types in the JavaScript files are tsc's job (tsconfig.json, checkJs).
import tseslint from 'typescript-eslint';

export default tseslint.config(...tseslint.configs.recommended);
