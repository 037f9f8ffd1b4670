/** Where a URI in running text ends: its delimiters, the whole text, a cut before what cannot belong to it. */
import { describe, expect, it } from 'vitest';
import type { SourceKind } from '../src/document.js';
import { problemsIn } from './support/findings.js';

const problems = (text: string, kind: SourceKind = 'text'): [string | undefined, string][] => problemsIn(text, kind, { 'no-unescaped-chars': {} });

describe('a URI in running text', () => {
  it('delimited by <…> or quotes is all the text between them: a | or ^ there is reported (RFC 3986 Appendix C)', () => {
    expect(problems('see <https://example.com/a|b> now\n')).toEqual([['path-unescaped-char', '|']]);
    expect(problems('run curl "https://example.com/?q=a^b" now\n')).toEqual([['query-unescaped-char', '^']]);
  });

  it('that is the whole line or comment is the URI: a list of links reports its | (examples/links.txt)', () => {
    expect(problems('https://example.com/e|f\n')).toEqual([['path-unescaped-char', '|']]);
    expect(problems('// https://example.com/e|f\nexport {};\n', 'js')).toEqual([['path-unescaped-char', '|']]);
  });

  it('delimited by white space ends at a | or ^ (a log format) and before a bracketed placeholder at its end', () => {
    expect(problems('origin->https://localhost:4000|path->/endpoint|hash->#here and more\n')).toEqual([]);
    // react-router's comment documents a message format: "[whatever]" is the writer's placeholder.
    expect(problems('//     -> https://reactrouter.com/upgrading/future-flags#v8_[whatever]\nexport {};\n', 'js')).toEqual([]);
  });

  it('delimited by white space ends at a control character, a bidirectional mark or Chinese and Japanese punctuation (ruby/www.ruby-lang.org, wallabag)', () => {
    // ja/report.txt is ISO-2022-JP: the escape before `$B` switches to kanji.
    expect(problems('http://www.ruby-lang.org/{ja,en}/\x1b$B$O!"(BtDiary$B$K$h$C$F1?MQ$5$l$F$$$^$7$?!#(B\n')).toEqual([]);
    expect(problems('（https://www.ruby-lang.org/cgi-bin/download-1.8.1.mrb）(ミラーサイトへリダイレクトされます)\n', 'markdown')).toEqual([]);
    expect(problems('* 合并 rdoc-6.0.0。词法分析程序由 IRB 更换为 Ripper，极大提升了生成文档的速度。详见 https://github.com/ruby/rdoc/pull/512。这一版\n', 'markdown')).toEqual([]);
    expect(problems('matomo_host: میزبان وبگاه شما در Matomo (بدون \u202dhttp://\u202c یا \u202dhttps://\u202c)\n', 'yaml')).toEqual([]);
    // A Korean particle, or a Japanese word, after an ASCII URL in a post is the sentence's; so are the entities that delimit it.
    expect(problems('파일의 위치는 http://raa.ruby-lang.org/xml.xml과\nhttp://raa.ruby-lang.org/rdf.xml입니다. 최신 정보는 RDF 형식으로\n', 'markdown')).toEqual([]);
    expect(problems('ruby-lang.org에서는 공식 루비 소스 패키지 배포를 위해 https://cache.ruby-lang.org를 제공하기 시작했습니다.\n', 'markdown')).toEqual([]);
    expect(problems('&lt;URL:https://www.ruby-lang.org/download-1.8.0.rbx&gt;から\n', 'markdown')).toEqual([]);
    expect(problems('See https://ko.wikipedia.org/wiki/루비 now\n', 'markdown').map(([code]) => code)).toEqual(['iri-char']);
    // A letter of another script is still the URI's: reported as an IRI character.
    expect(problems('详见 https://zh.wikipedia.org/wiki/统一资源标志符。\n', 'markdown').map(([code]) => code)).toEqual(['iri-char']);
  });

  it('keeps brackets that are not a placeholder at its end: an IPv6 host, a query array', () => {
    expect(problems('api https://example.com/?filter[name]=x and https://[::1]/x ok\n')).toEqual([
      ['query-unescaped-char', '['],
      ['query-unescaped-char', ']'],
    ]);
  });
});
