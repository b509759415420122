import { createContext, useContext, useMemo, useState } from "react";

/** The navigation state area (§3): the navigation bar's visibility flag. */
interface NavigationState {
  barVisible: boolean;
  setBarVisible(visible: boolean): void;
}

const NavigationContext = createContext<NavigationState>({ barVisible: true, setBarVisible: () => undefined });

export function NavigationProvider({ children }: { children: React.ReactNode }) {
  const [barVisible, setBarVisible] = useState(true);
  const value = useMemo(() => ({ barVisible, setBarVisible }), [barVisible]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigationBar(): NavigationState {
  return useContext(NavigationContext);
}
