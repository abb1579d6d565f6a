/**
 * A digital product's file (issue 30): uploaded with its progress to the private store (never the
 * media library), named by the product's `digitalFileId` when the product is saved. The field shows
 * the file's name and size, after a reload too; replacing or removing it is part of the next save.
 */
import { useEffect, useState } from 'react';
import type { DigitalFile } from '@storefront/core/wire';
import { formatFileSize } from '@storefront/core/file-size';
import { ConfigError, getJson } from './api.ts';
import { DIGITAL_FILES_API, uploadDigitalFile } from './media-upload.ts';
import { UploadField } from './products-images.tsx';
import { FieldError, describedBy } from './products-fields.tsx';
import { fieldIds, type FieldProblems } from './products-model.ts';

export function DigitalFileField({
  fileId,
  readOnly,
  problems,
  onChange,
}: {
  fileId: string | null;
  readOnly: boolean;
  problems: FieldProblems;
  onChange: (fileId: string | null) => void;
}) {
  const [known, setKnown] = useState<Record<string, DigitalFile>>({});
  const [loadProblem, setLoadProblem] = useState('');
  const file = fileId ? known[fileId] : undefined;

  useEffect(() => {
    if (!fileId || known[fileId]) return;
    let current = true;
    getJson<DigitalFile>(`${DIGITAL_FILES_API}/${encodeURIComponent(fileId)}`).then(
      (loaded) => {
        if (!current) return;
        setLoadProblem('');
        setKnown((all) => ({ ...all, [loaded.id]: loaded }));
      },
      (e: unknown) => {
        if (current) setLoadProblem(e instanceof ConfigError ? e.message : 'The file could not be loaded.');
      },
    );
    return () => {
      current = false;
    };
  }, [fileId, known]);

  return (
    <div className="cfg-field" id={fieldIds.digitalFile} tabIndex={-1}>
      <UploadField<DigitalFile>
        id="product-digital-upload"
        label={fileId ? 'Replace the file delivered after payment' : 'File delivered after payment'}
        accept=""
        multiple={false}
        disabled={readOnly}
        invalid={Boolean(problems[fieldIds.digitalFile])}
        describedBy={describedBy(problems, fieldIds.digitalFile, 'product-digital-hint')}
        send={uploadDigitalFile}
        onUploaded={(uploaded) => {
          setKnown((all) => ({ ...all, [uploaded.id]: uploaded }));
          onChange(uploaded.id);
        }}
      />
      <p id="product-digital-hint" className="cfg-hint" aria-live="polite">
        {file ? (
          <>
            Now: <strong className="cfg-digital-file">{file.fileName}</strong> ({formatFileSize(file.bytes)}).
          </>
        ) : fileId ? (
          loadProblem || 'Loading the file…'
        ) : (
          'No file yet.'
        )}{' '}
        Buyers get a signed link that expires, once they have paid. Save the product to keep a change.
      </p>
      {fileId && !readOnly && (
        <p>
          <button type="button" className="cfg-button-secondary" onClick={() => onChange(null)}>
            Remove the file
          </button>
        </p>
      )}
      <FieldError problems={problems} id={fieldIds.digitalFile} />
    </div>
  );
}
