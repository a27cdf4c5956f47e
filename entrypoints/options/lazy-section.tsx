// Parts of the options page off its start-up path (scripts/check-bundle-size.mjs counts what the HTML loads):
// their code loads when first shown, and once loaded they render at once ever after.
import { useEffect, useState } from 'preact/hooks';

type View<Props> = (props: Props) => preact.JSX.Element | null;

export function lazyComponent<Props extends object>(
  load: () => Promise<View<Props>>,
  placeholder: () => preact.JSX.Element | null = () => null,
): View<Props> {
  let loaded: View<Props> | null = null;
  return function Lazy(props: Props) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (!Component) void load().then((component) => setComponent(() => (loaded = component)));
    }, []);
    return Component ? <Component {...props} /> : placeholder();
  };
}
