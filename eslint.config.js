// ESLint for the task pane's modules (addin/*.js) and their node tests (tests/addin/): `npx eslint`
// (.ci/run). Flat config; the rules are ESLint's recommended ones plus those that keep the
// modules' habits (no globals but the browser's, no var, ===).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["addin/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-restricted-globals": ["error", { name: "Office", message: "Office.js is reached through word.js's adapter only." },
                                          { name: "Word", message: "Office.js is reached through word.js's adapter only." }],
    },
  },
  {
    files: ["addin/taskpane.js"],
    rules: { "no-restricted-globals": "off" },  // where the adapter is given Office.js's namespaces
  },
  {
    files: ["addin/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // the Office.js test double: a classic script the browser tests put in the page
    files: ["tests/server/office_stub.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["tests/addin/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
