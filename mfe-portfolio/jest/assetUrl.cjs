// What an image import gives in unit tests: webpack gives a URL; tests only need a string.
module.exports = '/assets/test-image.webp';
