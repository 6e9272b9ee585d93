import { matchPath } from 'react-router';

export const GALLERY_PATH = '/gallery';

export function categoryPath(urlName: string): string {
  return `${GALLERY_PATH}/${encodeURIComponent(urlName)}`;
}

export function picturePath(urlName: string): string {
  return `${GALLERY_PATH}/picture/${encodeURIComponent(urlName)}`;
}

/** The gallery list an address shows (all pictures, or a category's), or null for another page. */
export function matchGalleryList(pathname: string): { categoryName?: string } | null {
  const match =
    matchPath(GALLERY_PATH, pathname) ?? matchPath(`${GALLERY_PATH}/:categoryName`, pathname);
  return match === null ? null : { categoryName: match.params.categoryName };
}
