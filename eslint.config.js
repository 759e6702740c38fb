// ESLint flat config, run by `npm test` (`npm run lint:code`). Syntax-only rules, no type information:
// the whole tree lints in seconds. The stylistic rules describe the code as it is written (2 spaces,
// no semicolons, single quotes, trailing commas on multi-line lists), so `--fix` changes little.
import js from '@eslint/js'
import stylistic from '@stylistic/eslint-plugin'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // src/types/openapi.ts is generated (npm run gen:types).
  { ignores: ['dist/**', 'node_modules/**', 'bench/profiles/**', 'coverage/**', 'src/types/openapi.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@stylistic': stylistic },
    languageOptions: { globals: globals.node },
    rules: {
      // `_name` marks a value left out on purpose (destructuring it away, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Handlers and stores are being typed from src/types/openapi.ts (issue 15); `any` is allowed until then.
      '@typescript-eslint/no-explicit-any': 'off',
      // Sanitisers and parsers match control characters on purpose.
      'no-control-regex': 'off',
      '@stylistic/indent': ['error', 2, { offsetTernaryExpressions: true, SwitchCase: 1 }],
      '@stylistic/semi': ['error', 'never'],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/eol-last': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0 }],
      '@stylistic/arrow-parens': ['error', 'always'],
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      '@stylistic/member-delimiter-style': ['error', { multiline: { delimiter: 'none' }, singleline: { delimiter: 'semi', requireLast: false } }],
      '@stylistic/space-before-function-paren': ['error', { anonymous: 'always', named: 'never', asyncArrow: 'always' }],
      '@stylistic/max-len': ['error', { code: 220, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreComments: true }],
      '@stylistic/spaced-comment': ['error', 'always'],
      '@stylistic/padded-blocks': ['error', 'never'],
      ...Object.fromEntries(
        [
          'arrow-spacing', 'block-spacing', 'comma-spacing', 'comma-style', 'computed-property-spacing', 'function-call-spacing',
          'key-spacing', 'keyword-spacing', 'new-parens', 'no-multi-spaces', 'no-whitespace-before-property', 'rest-spread-spacing',
          'semi-spacing', 'space-before-blocks', 'space-infix-ops', 'space-unary-ops', 'switch-colon-spacing', 'template-curly-spacing',
          'type-annotation-spacing',
        ].map((rule) => [`@stylistic/${rule}`, 'error']),
      ),
    },
  },
)
