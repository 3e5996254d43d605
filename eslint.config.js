// @ts-check
/**
 * `npm run lint`: ESLint with typescript-eslint for all TypeScript, plus the Lit and web-component
 * rules for the elements. Formatting is Prettier's job (`npm run format`), not ESLint's.
 */
import js from "@eslint/js";
import lit from "eslint-plugin-lit";
import wc from "eslint-plugin-wc";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "storybook-static/",
      "demo/.data/",
      "tmp/",
      "examples/**/.next/",
      // The Qwik example's build output (vite build, then the node-server build).
      "examples/qwik/dist/",
      "examples/qwik/server/",
      "e2e/fixtures/**/.next/",
      "e2e/fixtures/**/.next-*/",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are mistakes, except the ones spelled to be ignored.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // Tests and adapters deliberately handle `any` from untyped JSON.
      "@typescript-eslint/no-explicit-any": "off",
      // `interface User extends DefaultUser {}` is how apps augment Foyer's types (declaration merging).
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // A variable declared first and assigned once later is often read by a closure made in between.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: "A focused test silences the rest of the suite.",
        },
      ],
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's destructuring, even an empty one.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["ui/**/*.ts", "stories/**/*.ts"],
    ...lit.configs["flat/recommended"],
  },
  {
    files: ["ui/**/*.ts", "stories/**/*.ts"],
    ...wc.configs["flat/recommended"],
  },
);
