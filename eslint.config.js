import js from "@eslint/js";
import tseslint from "typescript-eslint";

const serverImports = {
  group: ["**/server/**", "../server", "../../server"],
  message: "app/ and common/ never import server/ (architecture: where code runs is visible in its path).",
};
const appImports = {
  group: ["**/app/**", "../app", "../../app"],
  message: "common/ is isomorphic and never imports app/.",
};

export default tseslint.config(
  {
    ignores: ["build/**", "data/**", ".react-router/**", "node_modules/**", "coverage/**", "server/db/migrations/**", "server/api/generated/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "TSEnumDeclaration", message: "No enums: Node strips types and cannot run them." },
      ],
    },
  },
  {
    files: ["common/**/*.{ts,tsx}"],
    ignores: ["common/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [serverImports, appImports, { group: ["node:*"], message: "common/ runs in the browser too." }],
          paths: [
            { name: "react", message: "common/ imports no React." },
            { name: "react-dom", message: "common/ imports no React." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverImports] }],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
