/**
 * File sizes as the spec counts and prints them (section 9): a limit set in megabytes counts
 * 1,000,000 bytes per MB, while a size shown to a person divides by 1024 per unit, to at most two
 * decimals ("19.07 MB" for a 20 MB limit), as the reference's uploader prints it.
 */

export const BYTES_PER_MB = 1_000_000;

const DISPLAY_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** The bytes of a limit given in megabytes. */
export const megabytesToBytes = (megabytes: number): number => Math.round(megabytes * BYTES_PER_MB);

/** `bytes` for a person: 1024 per unit, at most two decimals, no trailing zeros ("512 Bytes", "1.5 KB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), DISPLAY_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** unit).toFixed(2));
  return `${value} ${DISPLAY_UNITS[unit]}`;
}
