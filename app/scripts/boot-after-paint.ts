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
 * is none, the first animation frame; at once in a hidden tab, where frames never come) it adds
 * the module preloads, the entry script and then the translation and product preloads of
 * index.html (`startupPreloads`), each in a task of its own: inserting a preload costs 1-7 ms on
 * a slow phone's main thread, all of them at once made one 40-170 ms task (blocking time). The
 * downloads still run in parallel; they only start a frame later (at the latest after three
 * seconds, should no paint be reported). Waiting for the paint itself rather than the frame
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
          '<script>(function(entry,preloads){var done=false;function add(tag,attrs){var e=document.createElement(tag);' +
          'for(var k in attrs)e[k]=attrs[k];document.head.appendChild(e)}' +
          'function boot(){if(done)return;done=true;var jobs=preloads.map(function(h){' +
          "return function(){add('link',{rel:'modulepreload',crossOrigin:'',href:h})}});" +
          "jobs.push(function(){add('script',{type:'module',crossOrigin:'',src:entry})});" +
          "jobs.push(function(){if(typeof startupPreloads==='function')startupPreloads()});" +
          '(function next(){try{jobs.shift()()}catch(e){}if(jobs.length)setTimeout(next,0)})()}' +
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
