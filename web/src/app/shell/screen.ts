import { useEffect, useState } from 'react';

/** Spec 2.3: >=1200 is 3, >=992 is 2, >=768 is 1, otherwise 0. */
export function screenLevel(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export function useScreenLevel(): 0 | 1 | 2 | 3 {
  const [level, setLevel] = useState(() => screenLevel(window.innerWidth));
  useEffect(() => {
    const onResize = () => setLevel(screenLevel(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return level;
}
