import type { Plugin } from 'vite';

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Loads the app's scripts only after the page's first paint.
 *
 * Vite puts the entry script and its module preloads in `<head>`, so the browser fetches and
 * compiles ~160 kB of JavaScript while the page is still unpainted. On a phone the inline
 * header of index.html then stays invisible until the scripts have run (Lighthouse's mobile
 * trace paints at 1.2-2.3 s instead of 0.2 s). Here the built index.html gets one small inline
 * loader instead: once the first paint is on screen (the `paint` performance entry; where there
 * is none, the first animation frame; at once in a hidden tab, where frames never come) it starts
 * the translation and product preloads of index.html (`startupPreloads`), the module preloads
 * and the entry script. The downloads still run in parallel; they only start a frame later (at
 * the latest after three seconds, should no paint be reported). Waiting for the paint itself rather than the frame
 * matters with the server's first screen and its photos: started at the frame, the script work
 * kept that frame from the screen for 1-2 s in Lighthouse's mobile runs; and as Chromium
 * sometimes shows the first frame only after ~1.2 s, a one-second fallback often started the
 * scripts just before it.
 */
export function bootAfterFirstPaint(): Plugin {
  return {
    name: 'stageshop-boot-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = moduleScript.exec(html);
        if (!entry) throw new Error('boot-after-paint: no entry module script in index.html');
        const preloads = [...html.matchAll(modulePreload)].map((m) => m[1]);
        const loader =
          '<script>(function(entry,preloads){var done=false;function boot(){if(done)return;done=true;' +
          "try{if(typeof startupPreloads==='function')startupPreloads()}catch(e){}" +
          "preloads.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});" +
          "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;document.head.appendChild(s)}" +
          "var po=typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0;" +
          "if(document.visibilityState==='hidden'||(!po&&typeof requestAnimationFrame!=='function'))boot();" +
          "else{if(po)new PerformanceObserver(function(l,o){if(l.getEntries().length){o.disconnect();setTimeout(boot,0)}}).observe({type:'paint',buffered:true});" +
          'else requestAnimationFrame(function(){setTimeout(boot,0)});setTimeout(boot,3000)}})(' +
          JSON.stringify(entry[1]) +
          ',' +
          JSON.stringify(preloads) +
          ')</script>\n';
        return html.replace(moduleScript, '').replace(modulePreload, '').replace('</body>', loader + '</body>');
      },
    },
  };
}
