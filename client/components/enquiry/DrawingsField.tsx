import type { RefObject } from 'react';
import { DRAWING_ACCEPT, DRAWING_LIMITS, formatBytes } from '../../../shared/enquiry/quote.js';
import { useFormTexts } from '../../context/site-context.js';
import { controlProps, FieldFrame } from '../FormField.js';
import { ChosenDrawings, withoutFile } from './ChosenDrawings.js';

/** The drawings' file input with their limits, and (hydrated) the files chosen, each with its size and Remove. */
export function DrawingsField({
  id,
  inputRef,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  chosen: File[];
  onChoose: (files: File[]) => void;
  error: string | undefined;
}) {
  const texts = useFormTexts().form;
  /** The drawings' limits, in the page's language. */
  const limitsHint = texts.drawingsHint(
    DRAWING_LIMITS.files,
    formatBytes(DRAWING_LIMITS.fileBytes),
    formatBytes(DRAWING_LIMITS.totalBytes),
  );
  return (
    <FieldFrame id={id} label={texts.drawings} error={error} hint={limitsHint}>
      <input
        ref={inputRef}
        type="file"
        name="drawings"
        multiple
        accept={DRAWING_ACCEPT}
        {...controlProps(id, error, limitsHint)}
        onChange={(event) => onChoose([...(event.currentTarget.files ?? [])])}
      />
      <ChosenDrawings
        files={chosen}
        onRemove={(index) => {
          const input = inputRef.current!;
          onChoose(withoutFile(input, index));
          input.focus();
        }}
      />
    </FieldFrame>
  );
}
