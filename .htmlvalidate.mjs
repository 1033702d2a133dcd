/** html-validate over every page in dist/ (`npm run check:html`, run in CI): 0 errors. */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes some attributes in camelCase (autoComplete, maxLength); HTML attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes void elements self-closed (<input/>), Astro does not (<img>); both are valid HTML.
    'void-style': 'off',
    // React writes boolean attributes as required="", Astro as bare required; both are valid HTML.
    'attribute-boolean-style': 'off',
    // role="list" is not redundant in Safari, which drops list semantics from lists styled list-style: none.
    'no-redundant-role': 'off',
    // Astro writes its redirect page's doctype in lowercase; the doctype is case-insensitive.
    'doctype-style': 'off',
    // Headings' ids are their slugs, in Tamil, Telugu and Kannada too (vowel signs and viramas are
    // marks, not letters). HTML allows any id without spaces; the relaxed rule checks exactly that.
    'valid-id': ['error', { relaxed: true }],
  },
};
