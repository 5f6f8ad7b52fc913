import { usePageData } from '../context/site-context.js';

/** Over a page shown from a draft in the site editor: that it is not published, and the way back to the form. */
export function PreviewBanner() {
  const { preview } = usePageData();
  if (!preview) return null;
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <p>
        <strong>Preview: not published</strong>
        {` This is how the site will show ${preview.section} once you save. Visitors still see the published site.`}
      </p>
      <a href={preview.back} className="button button--accent">
        Back to the form
      </a>
    </div>
  );
}
