// Starts the app after the first paint: the page's own HTML (the server's first paint of it) is on
// screen before any of the app's code downloads or runs. The build names the entry and the files it
// imports at once (vite.config.ts deferEntry); they are requested the moment the page has painted.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preload = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  // After the next frame is painted; a hidden tab (no frames) starts on a timer instead.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 500);
})();
