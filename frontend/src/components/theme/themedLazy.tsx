import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * React.lazy for a component drawn with MUI: its code and MUI's theme (with the styling engine)
 * load together, the first time it renders, and it renders inside the theme. The first screen
 * needs neither, so neither is in the script every visitor downloads first.
 */
// Any component, whatever its props, as React.lazy's own signature takes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function themedLazy<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  return lazy(async () => {
    const [{ default: Loaded }, { MuiTheme }] = await Promise.all([load(), import('./MuiTheme')]);
    function Themed(props: ComponentProps<Component>) {
      return <MuiTheme>{createElement(Loaded, props)}</MuiTheme>;
    }
    return { default: Themed };
  });
}
