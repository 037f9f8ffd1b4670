/**
 * A PHP file is read twice, its code on the PHP grammar and the markup around `<?php … ?>` by the
 * HTML reader; a file that is code alone (`<?php` to the end, as most PHP of a library is) leaves the
 * HTML reader only blanks, and it is not run on them. Counted: the HTML reader's calls.
 */
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ html: 0 }));
vi.mock('../../src/formats/html.js', async (original) => {
  const actual = await original<typeof import('../../src/formats/html.js')>();
  return {
    ...actual,
    discoverHtml: (...args: Parameters<typeof actual.discoverHtml>) => {
      calls.html++;
      return actual.discoverHtml(...args);
    },
  };
});

const { discoverDocument, loadGrammarsFor } = await import('../../src/index.js');
await loadGrammarsFor(['php']);

const CODE = '<?php\n\nnamespace App;\n\n// https://example.com/docs\n$page = file_get_contents("https://example.com/a b");\n';
const MIXED = '<a href="https://example.com/x y">home</a>\n<?php echo "https://example.com/a b"; ?>\n';

describe('a PHP file and the HTML reader', () => {
  it('a file of code alone is not read as HTML, and its URIs are found', () => {
    calls.html = 0;
    const found = discoverDocument(CODE, 'php', { filePath: 'src/Client.php' });
    expect(calls.html).toBe(0);
    expect(found.candidates.map((c) => c.value.trim())).toEqual(['https://example.com/docs', 'https://example.com/a b']);
  });

  it('a file with markup around its code is read as HTML too', () => {
    calls.html = 0;
    const found = discoverDocument(MIXED, 'php', { filePath: 'views/home.php' });
    expect(calls.html).toBe(1);
    expect(found.candidates.map((c) => c.value)).toEqual(['https://example.com/x y', 'https://example.com/a b']);
  });
});
