/* global document */
document.documentElement.classList.add('fixture-js');
