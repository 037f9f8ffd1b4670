// The site's footer: links, a logo and a newsletter form.
import { DOCS_URL } from '../config';

export function Footer({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <a
        // planted: a space in the href path
        href="https://example.com/terms of service"
      >
        Terms
      </a>
      <a href={DOCS_URL}>Documentation</a>
      <a
        // planted: a second "#" in the href
        href="https://example.com/help#billing#refunds"
      >
        Refunds
      </a>
      <img
        // planted: a space in the src path
        src="https://cdn.example.com/img/logo 2x.png"
        alt="Example Inc."
      />
      <form
        // planted: a triplet typo in the form action ("%2O" for "%20")
        action="https://example.com/newsletter%2Osignup"
        method="post"
      >
        <button type="submit">Subscribe</button>
      </form>
      <a
        // planted: non-ASCII in the path of a template literal, after ${year}
        href={`https://example.com/archive/${year}/résumé`}
      >
        Archive
      </a>
      <p>© {year} Example Inc.</p>
    </footer>
  );
}
