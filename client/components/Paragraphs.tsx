import { Fragment } from 'react';

/**
 * Text the owner typed in the site editor, shown as text (never as HTML): a blank line starts a new
 * paragraph, a single line break stays a line break.
 */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      <p key={index} className={className}>
        {paragraph.split('\n').map((line, lineIndex) => (
          <Fragment key={lineIndex}>
            {lineIndex > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </p>
    ));
}
