import type { BrowserContext } from "@playwright/test";

// Google popup sign-in, offline. Everything runs for real — the shop's button and its
// Content-Security-Policy, the Firebase Auth SDK, and the Auth emulator's popup page
// (/emulator/auth/handler) and helper iframe (/emulator/auth/iframe) — except one file: Google's
// gapi loader (https://apis.google.com/js/api.js), which both the SDK and the emulator's iframe
// load from the internet to pass messages between the page and that iframe. This machine has no
// internet, so the browser gets the stand-in below for that address. Being served under Google's
// own URL, it still has to pass the page's CSP like the real loader.
//
// The stand-in does what the SDK and the emulator use of gapi.iframes: the page opens the helper
// iframe and pings it, each side registers handlers, and `send` delivers a message to the other
// side's handler and returns its answer, over postMessage.
const GAPI_STAND_IN = String.raw`(function () {
  var MARK = "gapi-stand-in";
  var FILTER = function () { return true; };
  var channels = [];
  var pending = {};
  var seq = 0;

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.ready = false;
    this.waiting = [];
  }
  Channel.prototype.register = function (type, handler) { this.handlers[type] = handler; };
  Channel.prototype.send = function (type, payload, callback) {
    var id = MARK + ":" + Date.now() + ":" + (++seq);
    if (callback) pending[id] = callback;
    this.target.postMessage({ mark: MARK, kind: "send", id: id, type: type, payload: payload }, "*");
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      if (self.ready) resolve();
      else self.waiting.push(resolve);
    }).then(function () { if (callback) callback(); });
  };

  function channelFor(win) {
    for (var i = 0; i < channels.length; i++) if (channels[i].target === win) return channels[i];
    var channel = new Channel(win);
    channels.push(channel);
    return channel;
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.mark !== MARK || !event.source) return;
    var channel = channelFor(event.source);
    if (data.kind === "ready") {
      channel.ready = true;
      channel.waiting.splice(0).forEach(function (resolve) { resolve(); });
    } else if (data.kind === "send") {
      var handler = channel.handlers[data.type];
      var responses = [];
      try {
        if (handler) responses.push(handler(data.payload));
      } catch (error) {
        console.error(error);
      }
      event.source.postMessage({ mark: MARK, kind: "reply", id: data.id, responses: responses }, "*");
    } else if (data.kind === "reply" && pending[data.id]) {
      var callback = pending[data.id];
      delete pending[data.id];
      // Like gapi, a callback that throws does not break the channel.
      try {
        callback(data.responses);
      } catch (error) {
        console.error(error);
      }
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement("iframe");
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === "style") Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = channelFor(frame.contentWindow);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () { return channelFor(window.parent); },
  };

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === "function" ? options : options && options.callback;
      setTimeout(function () {
        if (callback) callback();
        // A helper iframe tells its page it is listening.
        if (window.parent !== window) window.parent.postMessage({ mark: MARK, kind: "ready" }, "*");
      }, 0);
    },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: FILTER },
  };

  // The loader's two ways of saying it is ready: ?onload=<callback> and window.gapi_onload.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get("onload") : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();`;

/**
 * Serve the gapi stand-in at Google's address, and answer the emulator popup's other internet
 * files (Material styles and fonts, cosmetic only: the page guards their absence) with nothing,
 * so the popup does not wait for lookups that cannot succeed.
 */
export async function offlineGoogle(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === "stylesheet" ? "text/css" : "text/javascript",
      body: "",
    }),
  );
}
