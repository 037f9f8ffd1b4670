/**
 * A documentation tree with a link of every kind the local-link check knows, good and broken: the
 * tests of discovery, the ESLint plugin, the language server and `urilint scan` share it.
 */
export const README = `# Project title

[guide](docs/guide.md) [folder](docs/) [anchor](docs/guide.md#usage) [second usage](docs/guide.md#usage-1)
[explicit id](docs/guide.md#custom-id) [element id](docs/guide.md#named) [emoji](docs/guide.md#-emoji-party)
[accented](docs/guide.md#%C3%A9t%C3%A9) [github prefix](docs/guide.md#user-content-usage) [query](docs/guide.md?tab=1#usage)
[encoded](docs/my%20notes.md) [bracketed](<docs/my notes.md>) [generated](docs/guide.html) [route](docs/guide)
[site-absolute](/docs/guide.md) [line](src/app.ts#L2) [lines](src/app.ts#L1-L3) [self](#project-title)
[folder page](docs/#guide) [image](docs/logo.svg) [reference][guide-ref] [collapsed][]

[misspelt anchor](docs/guide.md#usge) [missing file](docs/missing.md) [wrong case](docs/Guide.md)
[past the end](src/app.ts#L99) [self typo](#project-titel) [undefined][nowhere] [misspelt file](docs/guid.md)
[report](docs/my notes.md) [gone](docs/gone.md)

[guide-ref]: docs/guide.md#custom-id
[collapsed]: docs/guide.md
[broken-def]: docs/nothing.md
`;

export const GUIDE = `---
title: Guide
---
# Guide

## Usage

## Usage

## Options {#custom-id}

<a name="named"></a>

## 🎉 Emoji Party!

## Été
`;

export const PAGE = `<!doctype html>
<html><head><base href="../docs/"></head>
<body><h2 id="intro">Intro</h2>
<a href="guide.md#usage">ok</a> <a href="guide.md#nope">bad</a> <a href="missing.html">missing</a>
</body></html>
`;

export const APP = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';

/** The tree: `/repo` is a repository (it holds `.git`). */
export const TREE: Readonly<Record<string, string>> = {
  '/repo/.git/HEAD': 'ref: refs/heads/main\n',
  '/repo/README.md': README,
  '/repo/docs/guide.md': GUIDE,
  '/repo/docs/my notes.md': '# Notes\n',
  '/repo/docs/logo.svg': '<svg/>',
  '/repo/src/app.ts': APP,
  '/repo/site/page.html': PAGE,
};

/** What the README's broken links are reported as: the text at the range, and the message id. */
export const README_FINDINGS: readonly [string, string][] = [
  ['usge', 'anchorMissing'],
  ['docs/missing.md', 'fileMissing'],
  ['docs/Guide.md', 'caseMismatch'],
  ['L99', 'lineMissing'],
  ['project-titel', 'anchorMissing'],
  ['nowhere', 'undefinedReference'],
  ['docs/guid.md', 'fileMissing'],
  ['docs/my notes.md', 'spaceInDestination'],
  ['docs/gone.md', 'fileMissing'],
  ['docs/nothing.md', 'fileMissing'],
];
