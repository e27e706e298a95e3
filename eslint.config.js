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
    // the members of Office.js's objects the pane uses: called in word.js only, which the
    // other modules reach through its interface (word.js's opening comment; `word` is the adapter)
    files: ["addin/**/*.js"],
    ignores: ["addin/word.js"],
    rules: {
      "no-restricted-properties": ["error", ...[
        "sync", "load", "track", "untrack", "insertOoxml", "insertField", "insertComment", "insertParagraph", "getOoxml",
        "getRange", "getSelection", "expandTo", "updateResult", "getFileAsync", "addHandlerAsync", "onReady", "requirements",
      ].map((property) => ({ property, allowObjects: ["word", "window"], message: "Word is reached through word.js's adapter only." }))],
    },
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
