import { IMAGE_QUALITY } from './nodeForms';

/**
 * Re-encodes a JPEG at quality 0.7 (spec/3 §9) through a canvas, keeping the smaller of the
 * two; PNGs keep their bytes (a JPEG would lose their transparency).
 */
export async function compressImage(file) {
  if (!/^image\/jpe?g$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  bitmap.close?.();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_QUALITY));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name, { type: 'image/jpeg' });
}
