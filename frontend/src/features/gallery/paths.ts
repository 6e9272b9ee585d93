export const GALLERY_PATH = '/gallery';

export function categoryPath(urlName: string): string {
  return `${GALLERY_PATH}/${encodeURIComponent(urlName)}`;
}

export function picturePath(urlName: string): string {
  return `${GALLERY_PATH}/picture/${encodeURIComponent(urlName)}`;
}
