// The same kind of footer as src/components/Footer.tsx, with only correct URIs.
import { CDN_BASE } from '../config';

export function Footer({ year, locale }: { year: number; locale: string }) {
  return (
    <footer className="site-footer">
      <a href="https://example.com/terms%20of%20service">Terms</a>
      <a href="https://example.com/help#billing-refunds">Refunds</a>
      <a href={`https://example.com/${locale}/archive/${year}/r%C3%A9sum%C3%A9`}>Archive</a>
      <a href="mailto:support@example.com">support@example.com</a>
      <a href="#top">Back to top</a>
      <img src={`${CDN_BASE}/img/logo.png`} srcSet={`${CDN_BASE}/img/logo.png 1x, ${CDN_BASE}/img/logo@2x.png 2x`} alt="Example Inc." />
      <form action="https://example.com/newsletter%20signup" method="post">
        <button type="submit">Subscribe</button>
      </form>
      <svg xmlns="http://www.w3.org/2000/svg" xmlnsXlink="http://www.w3.org/1999/xlink" viewBox="0 0 16 16">
        <use xlinkHref="#icon-rss" />
      </svg>
      <p>Questions? Write to support@example.com or see https://example.com/help.</p>
      <p>© {year} Example Inc.</p>
    </footer>
  );
}
