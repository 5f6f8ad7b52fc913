import { formatBytes } from '../../../shared/enquiry/quote.js';
import { useFormTexts } from '../../context/site-context.js';

/**
 * The drawings chosen in the file input, each with its size and a button that takes it out before
 * sending (scripts only: a browser's file input cannot lose one file by itself).
 */
export function ChosenDrawings({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const texts = useFormTexts().form;
  if (files.length === 0) return null;
  return (
    <ul className="chosen-files" aria-label={texts.chosenDrawings}>
      {files.map((file, index) => (
        <li key={`${index} ${file.name}`}>
          <span className="chosen-files__name">{file.name}</span>{' '}
          <span className="chosen-files__size">{formatBytes(file.size)}</span>
          <button type="button" className="chosen-files__remove" onClick={() => onRemove(index)}>
            {texts.remove}
            <span className="visually-hidden"> {file.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The input's files without the one at `index` (a DataTransfer is the only way to set an input's files). */
export function withoutFile(input: HTMLInputElement, index: number): File[] {
  const kept = [...(input.files ?? [])].filter((_, n) => n !== index);
  const transfer = new DataTransfer();
  for (const file of kept) transfer.items.add(file);
  input.files = transfer.files;
  return kept;
}
