import { Combobox } from '@/components/ui/Combobox';
import { COUNTRIES, type Country } from '@/lib/countries/countries';
import { COUNTRIES_BY_NAME, searchCountries } from '@/lib/countries/countrySearch';

interface CountryFieldProps {
  /** ISO 3166-1 alpha-2 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  error: boolean;
  helperText?: string;
}

/** Picks a country by its name; the form keeps and sends the code the server checks. */
export function CountryField({ value, onChange, error, helperText }: CountryFieldProps) {
  const selected = COUNTRIES.find((country) => country.code === value.toUpperCase()) ?? null;
  return (
    <Combobox<Country>
      label="Country"
      name="country"
      autoComplete="country-name"
      options={COUNTRIES_BY_NAME}
      value={selected}
      onChange={(country) => onChange(country?.code ?? '')}
      optionLabel={(country) => country.name}
      optionKey={(country) => country.code}
      filter={searchCountries}
      error={error}
      helperText={helperText}
    />
  );
}
