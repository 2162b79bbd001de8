// Local ESLint rules for the import boundaries of docs/architecture.md. Unlike the core no-restricted-imports,
// they also see dynamic `import()`, `export … from` and `import type('…')`, and they know which area a file is in.
import path from 'node:path';

/** The folders whose children are areas: each area is used by others only through its index.ts. */
const AREA_ROOTS = ['src/server/modules', 'src/web/features'];

/** Calls `check(node, specifier)` for every module a file names: static, re-exported or dynamic. */
function visitImports(check) {
  const literal = (node, source) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') check(node, source.value, source);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  };
}

/** The area of a file (its root and name) and the path inside it, or null outside every area. */
function areaOf(file, cwd) {
  const rel = path.relative(cwd, file).split(path.sep).join('/');
  for (const root of AREA_ROOTS) {
    if (!rel.startsWith(root + '/')) continue;
    const [name, ...inner] = rel.slice(root.length + 1).split('/');
    // a file right under the root (modules/index.ts, modules/dto.ts) belongs to no area
    if (inner.length === 0 && /\.[cm]?[jt]sx?$/.test(name)) return null;
    return { id: `${root}/${name}`, inner: inner.join('/') };
  }
  return null;
}

const isAreaIndex = (inner) => inner === '' || /^index(\.[cm]?[jt]sx?)?$/.test(inner);
/** Test support (fixtures, test helpers): another area's tests may use it directly, production code may not. */
const isTestSupport = (file) => /(^|\/)(fixtures|test-fixtures|test-helpers|[\w-]+\.test-helpers)(\.[cm]?[jt]sx?)?$/.test(file);
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.startsWith('tests/') || isTestSupport(file);

const areaIndex = {
  meta: {
    type: 'problem',
    docs: { description: 'Another area is imported only through its index.ts' },
    messages: {
      deep: "'{{specifier}}' entra en un archivo interno del área {{area}}: importa desde su index.ts ('{{index}}') y expón ahí lo que se necesite",
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd;
    const from = areaOf(context.filename, cwd);
    return visitImports((node, specifier, source) => {
      if (!specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const to = areaOf(target, cwd);
      if (!to || to.id === from?.id || isAreaIndex(to.inner)) return;
      if (isTestSupport(to.inner) && isTest(path.relative(cwd, context.filename).split(path.sep).join('/'))) return;
      const relIndex = path.relative(path.dirname(context.filename), path.join(cwd, to.id)).split(path.sep).join('/');
      context.report({
        node: source,
        messageId: 'deep',
        data: { specifier, area: to.id, index: relIndex.startsWith('.') ? relIndex : `./${relIndex}` },
      });
    });
  },
};

const forbiddenImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules a layer must not import, also through import()' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { regex: { type: 'string' }, message: { type: 'string' } },
          required: ['regex', 'message'],
          additionalProperties: false,
        },
      },
    ],
    messages: { forbidden: "'{{specifier}}': {{message}}" },
  },
  create(context) {
    const rules = (context.options[0] ?? []).map(({ regex, message }) => ({ regex: new RegExp(regex), message }));
    return visitImports((node, specifier, source) => {
      const rule = rules.find(({ regex }) => regex.test(specifier));
      if (rule) context.report({ node: source, messageId: 'forbidden', data: { specifier, message: rule.message } });
    });
  },
};

export default { meta: { name: 'boundaries' }, rules: { 'area-index': areaIndex, 'forbidden-imports': forbiddenImports } };
