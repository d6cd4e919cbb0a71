import { theme } from 'antd';

/**
 * A thin bar across the top of the window while something the screen waits for is loading (a page's chunk,
 * its first data). It does not know how far along the load is, so it eases towards 90 % and stays there;
 * the bar goes away when the caller stops rendering it. The colour is the theme's primary colour (the
 * ConfigProvider is mounted above the router, so the token is there before sign-in too).
 */
export function TopProgress() {
  const { token } = theme.useToken();
  return (
    <div className="app-top-progress" role="progressbar" aria-busy="true" data-testid="top-progress">
      <div style={{ background: token.colorPrimary, boxShadow: `0 0 6px ${token.colorPrimary}` }} />
      <style>
        {'.app-top-progress{position:fixed;top:0;left:0;right:0;height:2px;z-index:2000;pointer-events:none}' +
          '.app-top-progress>div{height:100%;width:90%;transform-origin:left;animation:app-top-progress 8s cubic-bezier(.08,.8,.2,1) forwards}' +
          '@keyframes app-top-progress{from{transform:scaleX(.05)}to{transform:scaleX(1)}}'}
      </style>
    </div>
  );
}
