/**
 * Which HTML files are Angular templates: in an Angular project every component template is one,
 * whatever its name (`hero-detail.html`, `app.html` since Angular 20), as ESLint reads it with
 * `@angular-eslint/template-parser`. A file is one when an `angular.json` (the Angular CLI's
 * workspace file) lies in its folder or a folder above it, up to the repository's root, or when a
 * TypeScript file beside it names it in a component's `templateUrl`; a whole page (`<!doctype html>`,
 * `<html>`) is HTML, not a template. Read through an interface, so
 * the language server, `urilint scan` and tests give their own file systems.
 */
import { sourceKindOf, type SourceKind } from '../document.js';
import type { LinkFileSystem } from '../links/workspace.js';

/** What is read of the project: the local links' file system (the disk, with the editor's buffers over it in the server). */
export type ProjectFileSystem = Pick<LinkFileSystem, 'readDirectory' | 'readFile'>;

const parentOf = (path: string): string => {
  const at = path.replace(/[/\\]+$/, '').search(/[/\\][^/\\]*$/);
  return at <= 0 ? path.slice(0, at + 1) || path : path.slice(0, at);
};
const nameOf = (path: string): string => /[^/\\]*$/.exec(path)![0];
const join = (folder: string, name: string): string => (/[/\\]$/.test(folder) ? folder + name : `${folder}/${name}`);

/** Answers already found per file system: a folder's `angular.json` search. */
const projects = new WeakMap<ProjectFileSystem, Map<string, boolean>>();

/** Whether an `angular.json` lies in `folder` or above it, up to the repository's root (the folder with `.git`). */
function inAngularWorkspace(folder: string, fs: ProjectFileSystem): boolean {
  let known = projects.get(fs);
  if (known === undefined) projects.set(fs, (known = new Map()));
  const seen: string[] = [];
  let answer = false;
  for (let current = folder; ; ) {
    const cached = known.get(current);
    if (cached !== undefined) {
      answer = cached;
      break;
    }
    seen.push(current);
    const names = new Set(fs.readDirectory(current)?.map((entry) => entry.name));
    if (names.has('angular.json')) {
      answer = true;
      break;
    }
    const parent = parentOf(current);
    if (names.has('.git') || parent === current || parent === '') break;
    current = parent;
  }
  for (const folder of seen) known.set(folder, answer);
  return answer;
}

/** `templateUrl: './hero.html'` (or `"hero.html"`) in a TypeScript file of the same folder names the file. */
function namedByTemplateUrl(filePath: string, fs: ProjectFileSystem): boolean {
  const folder = parentOf(filePath);
  const name = nameOf(filePath);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`templateUrl\\s*:\\s*(['"\`])(?:\\./)?${escaped}\\1`);
  for (const { name: entry } of fs.readDirectory(folder) ?? []) {
    if (!/\.[cm]?ts$/.test(entry) || entry.endsWith('.d.ts')) continue;
    const text = fs.readFile(join(folder, entry));
    if (text !== undefined && text.includes('templateUrl') && pattern.test(text)) return true;
  }
  return false;
}

/** A whole page's start, after a byte order mark, white space and comments: `<!doctype html>` or `<html>`. */
const PAGE_START = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s|html[\s>])/i;

/**
 * Whether the file is a whole page (`<!doctype html>`, `<html>`): the application's `index.html`, or
 * documentation a generator wrote into the project (compodoc's `docs/`). A component's template is
 * a fragment that Angular puts into the page; a page is no template, and Angular's parser rejects
 * much that browsers read in one (literal `{` in code samples).
 */
function isWholePage(filePath: string, fs: ProjectFileSystem): boolean {
  const text = fs.readFile(filePath);
  return text !== undefined && PAGE_START.test(text.slice(0, 4096));
}

/** Whether the HTML file at `filePath` is an Angular template (see the top of this file); a whole page is none. */
export function isAngularTemplate(filePath: string, fs: ProjectFileSystem): boolean {
  try {
    return (inAngularWorkspace(parentOf(filePath), fs) || namedByTemplateUrl(filePath, fs)) && !isWholePage(filePath, fs);
  } catch {
    return false;
  }
}

/** The reader for a file: `sourceKindOf`, except that an HTML file of an Angular project is an Angular template. */
export function projectSourceKind(filePath: string, fs: ProjectFileSystem): SourceKind {
  const kind = sourceKindOf(filePath);
  return kind === 'html' && isAngularTemplate(filePath, fs) ? 'angular' : kind;
}
