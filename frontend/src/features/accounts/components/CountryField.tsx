import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COUNTRIES, type Country } from '../data/countries';
import { COUNTRIES_BY_NAME, searchCountries } from '../data/countrySearch';

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
    <Autocomplete<Country>
      options={COUNTRIES_BY_NAME}
      value={selected}
      onChange={(_event, country) => onChange(country?.code ?? '')}
      getOptionLabel={(country) => country.name}
      filterOptions={(options, { inputValue }) => searchCountries(options, inputValue)}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Country"
          name="country"
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' },
          }}
        />
      )}
    />
  );
}
