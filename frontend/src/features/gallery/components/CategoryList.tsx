import { Link as RouterLink } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useGetCategoriesQuery } from '../api/catalogueApi';
import { categoryPath } from '../paths';
import './catalogue.css';

const PLACEHOLDERS = 10;

/** The categories with how many pictures each holds, each linking to its gallery. */
export function CategoryList() {
  const { data: categories, isError } = useGetCategoriesQuery(undefined);
  if (isError) return null;
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="type-h5 category-list__heading">
        Categories
      </h2>
      <ul className="grid category-grid">
        {categories === undefined
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <li key={index} aria-hidden="true">
                <Skeleton variant="rounded" height={72} />
              </li>
            ))
          : categories.map((category) => (
              <li key={category.urlName}>
                <div className="card category-card">
                  <RouterLink to={categoryPath(category.urlName)} className="card__action">
                    <div className="card__content">
                      <h3 className="type-subtitle1 card-title">{category.title}</h3>
                      <p className="type-body2">
                        {category.offerCount === 1
                          ? '1 picture'
                          : `${category.offerCount} pictures`}
                      </p>
                    </div>
                  </RouterLink>
                </div>
              </li>
            ))}
      </ul>
    </section>
  );
}
